from weather import temperature


def test_temperature():
    assert isinstance(temperature("oslo"), float)
