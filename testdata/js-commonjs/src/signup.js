// A module that assigns module.exports one value gives that value to
// require, under whatever name the caller binds it.
const Users = require('./users');
const mailer = require('./mailer');
const log = require('./writeLog');

function signup(id) { // @def(signup, "signup") @nocallers(signup)
  const user = new Users().find(id); // @site(signupFind, "find") @call(signup, find, signupFind)
  mailer.send(user); // @site(signupSend, "send") @call(signup, send, signupSend)
  log('signup'); // @site(signupLog, "log") @call(signup, writeLog, signupLog)
  return user;
}

// An export is no caller: module.exports = { signup } lists nothing, as export { signup } would not.
module.exports = { signup };
