CUTOFFS = [(90, "A"), (80, "B"), (70, "C"), (60, "D")]


def letter(score):
    for cutoff, grade in CUTOFFS:
        if score > cutoff:
            return grade
    return "F"
