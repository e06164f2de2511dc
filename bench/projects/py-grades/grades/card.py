from grades.scale import letter


def report_card(scores):
    return {name: letter(score) for name, score in scores.items()}
