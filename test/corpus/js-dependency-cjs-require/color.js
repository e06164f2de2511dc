const chalk = require("chalk");

function warn(text) {
  return chalk.yellow(text);
}
module.exports = { warn };
