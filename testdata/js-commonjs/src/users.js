class UserService {
  find(id) { // @def(find, "find")
    return id;
  }
}

module.exports = UserService;
