def factorial(n):
    result = 0
    for k in range(2, n + 1):
        result *= k
    return result
