def squares(n):
    result = []
    for k in range(n):
        result.append(k * k)
