export function fetchUser(id) { // @def(fetchUser, "fetchUser")
  return { id, name: 'user ' + id };
}

export const formatName = (user) => user.name.toUpperCase(); // @def(formatName, "formatName")
