def nth_prime(n):
    limit = n * n * n + 10
    sieve = [True] * (limit + 1)
    primes = []
    for candidate in range(2, limit + 1):
        if sieve[candidate]:
            primes.append(candidate)
            if len(primes) == n:
                return candidate
            for multiple in range(candidate * candidate, limit + 1, candidate):
                sieve[multiple] = False
