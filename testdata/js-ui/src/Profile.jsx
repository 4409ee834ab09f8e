import { fetchUser, formatName as fmt } from './api';

function Avatar({ user }) { // @def(Avatar, "Avatar")
  return <img alt={fmt(user)} />; // @site(avatarFmt, "fmt") @call(Avatar, formatName, avatarFmt)
}

export default function Profile({ id }) { // @def(Profile, "Profile")
  const user = fetchUser(id); // @site(profileFetch, "fetchUser") @call(Profile, fetchUser, profileFetch)
  return (
    <div onClick={() => console.log(fmt(user))}> {/* @site(profileFmt, "fmt") @call(Profile, formatName, profileFmt) */}
      <Avatar user={user} /> {/* @site(profileAvatar, "Avatar") @call(Profile, Avatar, profileAvatar) */}
    </div>
  );
}
