const { slug } = require("./slug");

function permalink(title, year) {
  return `/${year}/${slug(title)}`;
}

module.exports = { permalink };
