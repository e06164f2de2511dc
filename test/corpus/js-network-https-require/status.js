const https = require("node:https");

function status(url) {
  return new Promise((resolve) => https.get(url, (res) => resolve(res.statusCode)));
}
module.exports = { status };
