def index_of(values, target):
    for i in range(1, len(values)):
        if values[i] == target:
            return i
    return -1
