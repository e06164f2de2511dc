def shout(message):
    return message.lower() + "!"
