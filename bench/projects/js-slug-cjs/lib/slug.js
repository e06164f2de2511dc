function slug(text) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const kept = [];
  for (let i = 0; i < words.length - 1; i++) kept.push(words[i].replace(/[^a-z0-9]/g, ""));
  return kept.join("-");
}

module.exports = { slug };
