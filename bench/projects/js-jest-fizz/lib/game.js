const { fizz } = require("./fizz");

function play(n) {
  const out = [];
  for (let i = 1; i <= n; i++) out.push(fizz(i));
  return out;
}

module.exports = { play };
