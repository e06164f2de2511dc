const limits = require("../config/limits.json");

function allowed(files) {
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  return files.length < limits.maxFiles && bytes <= limits.maxBytes;
}

module.exports = { allowed };
