"""The one write path: every change to tables, seats, moves, chat, clocks and vacations.

Each public function here is a whole change: it opens a transaction, locks the game row
(``locking.locked_game``, ``select_for_update``) or the user's vacation, checks who may do
what (refusals are ``games.errors.GameError`` with the HTTP status to answer), writes, and
publishes what happened as domain events (``games.events``). Callers (web, api, clocks,
autoplay, tasks) never write rows themselves.

Modules: ``tables`` (open, invite, join, leave, cancel, start), ``acting`` (play a move),
``deals`` (what the platform reads of the engine's generic deals), ``seats`` (who controls
a seat: stand-ins, coming back), ``endings`` (resign, vote to end, results), ``timeouts``
(a clock ran out), ``turn_closing`` (the end of a turn announced: its window for open
offers ends), ``vacations``, ``chat`` (table talk and private messages); below them ``waiting`` (who must act, clocks),
``drafting`` (steps a player may still take back), ``seat_clock`` and ``calendar``
(clock arithmetic), ``time_control``, ``notes`` (log lines
that are not moves), ``presence`` (who has the game open, kept in the cache), ``locking``.

May import: ``games.read``, ``games.events``, ``games.models``, ``games.errors``,
``games.engine``, ``accounts.models``; never web, api, mail, autoplay, clocks or tasks.
"""
