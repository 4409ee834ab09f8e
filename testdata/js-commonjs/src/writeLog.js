function writeLog(line) { // @def(writeLog, "writeLog")
  return line;
}

module.exports = writeLog;
