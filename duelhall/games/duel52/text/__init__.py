"""Words shared by every table mode: card and power texts, action descriptions, log lines
made from view differences, and the help text."""
