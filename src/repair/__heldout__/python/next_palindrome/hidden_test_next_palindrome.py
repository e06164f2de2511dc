from next_palindrome import next_palindrome


def digits(n):
    return [int(c) for c in str(n)]


def test_every_palindrome_below_100000():
    palindromes = [n for n in range(1, 100000) if str(n) == str(n)[::-1]]
    for current, following in zip(palindromes, palindromes[1:] + [100001]):
        assert next_palindrome(digits(current)) == digits(following), current
