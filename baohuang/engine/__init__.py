"""The generic rules engine of 保皇: cards, plays, beats, the game, scoring, tribute, records.

Pure Python; it never imports Django and never names a variant. Every rule comes from a
compiled variant (:func:`baohuang.engine.compiled.compile_variant`).
"""
