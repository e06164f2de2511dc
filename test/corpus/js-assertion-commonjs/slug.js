function slugify(text) {
  return text.trim().replace(/\s+/g, "-");
}
module.exports = { slugify };
