const { allowed } = require("./limits");

function upload(files) {
  return allowed(files) ? { ok: true, count: files.length } : { ok: false };
}

module.exports = { upload };
