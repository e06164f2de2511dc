'use strict';

module.exports = {
  ...require('./money'),
  ...require('./invoice'),
  ...require('./tax'),
};
