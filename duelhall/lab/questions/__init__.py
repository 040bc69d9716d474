"""The lab's questions, one module each; :data:`QUESTIONS` names them for the command line."""

from __future__ import annotations

from duelhall.lab.questions.base import Question
from duelhall.lab.questions.card_value import CardValue
from duelhall.lab.questions.compare import Compare
from duelhall.lab.questions.first_player import FirstPlayer
from duelhall.lab.questions.matchups import Matchups
from duelhall.lab.questions.metrics_batch import Metrics

QUESTIONS: dict[str, Question] = {
    q.name: q for q in (FirstPlayer(), Matchups(), CardValue(), Compare(), Metrics())
}
