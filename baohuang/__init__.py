"""保皇 (Baohuang): variants as data, a rules engine, bots, simulations, an API and an editor.

Importing the package chooses the engine core for the process (:mod:`baohuang.native`): the
mypyc build of the hot modules when a fresh one exists, else the pure-Python modules.
"""

from baohuang import native as _native

_native.activate()
