from dataclasses import dataclass


@dataclass
class Score:
    name: str
    points: int


def best(scores: list[Score]) -> str | None:
    if not scores:
        return None
    return max(scores, key=lambda score: score.points).name
