import { getUser } from '~/api';
import { formatDate } from 'utils/date';

export function Login() { // @def(Login, "Login")
  getUser(); // @site(loginGetUser, "getUser") @call(Login, getUser, loginGetUser)
  return formatDate(new Date()); // @site(loginFormat, "formatDate") @call(Login, formatDate, loginFormat)
}
