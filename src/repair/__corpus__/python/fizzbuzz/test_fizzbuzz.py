from fizzbuzz import fizzbuzz


def test_fizz():
    assert fizzbuzz(9) == "Fizz"


def test_buzz():
    assert fizzbuzz(10) == "Buzz"


def test_fizzbuzz():
    assert fizzbuzz(30) == "FizzBuzz"


def test_number():
    assert fizzbuzz(7) == "7"
    assert fizzbuzz(8) == "8"
