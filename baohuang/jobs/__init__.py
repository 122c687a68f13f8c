"""Simulation jobs (docs/design.md §6, issue #8): many-game simulations run by Celery workers.

A :class:`~baohuang.jobs.models.SimulationJob` is split into chunks of game indices
(:class:`~baohuang.jobs.models.SimulationChunk`), one Celery task each. A worker *claims* a
chunk, plays its games with :func:`baohuang.simulation.runner.simulate`, reports progress and
a heartbeat every few seconds, and merges the chunk's statistics into the job in one
transaction that locks the job and the chunk: a chunk delivered twice is counted once.
Cancelling flips a flag the running chunks see at their next heartbeat; a reaper re-queues
chunks whose worker stopped answering, a bounded number of times.

Writes live in :mod:`baohuang.jobs.services`, reads in :mod:`baohuang.jobs.selectors`; the
Celery tasks (:mod:`baohuang.jobs.tasks`) and the API views only call them.
"""
