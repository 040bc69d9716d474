"""Reports: the model a question fills in, its figures (matplotlib, Agg), and the files
written from it (a self-contained HTML page, a JSON summary, each figure as PNG and SVG)."""
