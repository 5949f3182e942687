"""Faces of the engine in the conventions of reinforcement-learning libraries.

Optional extra ``holdem-eval[rl]`` (PettingZoo, Gymnasium). Nothing in the core imports
this package, and this package imports PettingZoo or Gymnasium only in the submodule that
needs it:

* :mod:`holdem_eval.engine.rl.pettingzoo_env` — ``HoldemAECEnv``, a PettingZoo AEC
  environment for one table (one hand per episode);
* :mod:`holdem_eval.engine.rl.gymnasium_env` — ``HoldemVectorEnv``, a Gymnasium vector
  environment over :class:`holdem_eval.engine.HandBatch`: one learning seat against
  fixed opponents.

Actions and observations are those of :mod:`holdem_eval.engine.discrete`.
"""

from __future__ import annotations

__all__: list[str] = []
