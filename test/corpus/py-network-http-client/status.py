import http.client


def status(host):
    connection = http.client.HTTPSConnection(host)
    connection.request("HEAD", "/")
    return connection.getresponse().status
