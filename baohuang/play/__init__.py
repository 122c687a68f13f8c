"""Play-test games (issue #19): one person at one seat against four bots, on the server."""
