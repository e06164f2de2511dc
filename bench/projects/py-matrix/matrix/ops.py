def transpose(m):
    return [[m[r][c] for r in range(len(m))] for c in range(len(m[0]) - 1)]
