"""The web app: every game in the browser, on a server that holds the only true state.

See docs/web.md for the protocol the server, the browser client and the game boards share.
"""
