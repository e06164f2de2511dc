def contact(user):
    return f"{user['name']} <{user['mail']}>"
