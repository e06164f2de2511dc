function wordCount(text) {
  return text.split(/\s+/).filter(Boolean).length;
}
module.exports = { wordCount };
