"""Play over days: per-seat clocks, reminders, digests, vacations and timeouts.

``calendar`` counts clock time (weekends off or not), ``seat_clock`` starts, stops, pauses
and resumes a seat's clock inside the write path, ``timeouts`` applies a table's policy
when a clock runs out, ``vacations`` keeps the allowance, ``mails`` writes the reminders,
digests and vacation warnings, and ``scans`` are the periodic jobs that find what is due.
"""
