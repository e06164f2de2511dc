from users import contact


def test_contact():
    assert contact({"name": "Ada", "email": "ada@example.org"}) == "Ada <ada@example.org>"
