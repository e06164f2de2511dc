from temps.readings import load


def test_load():
    assert load("data/readings.csv") == [("oslo", 0.0), ("cairo", 35.0), ("lima", 20.0)]
