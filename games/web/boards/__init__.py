"""What the boards (games/jinja2/games/boards/) ask of each game beyond its view: which
listed choices belong to a card or a space, names and symbols. Plain functions, given to
Jinja as filters and globals by ``games.web.jinja``."""
