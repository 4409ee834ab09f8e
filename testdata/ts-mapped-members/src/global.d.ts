declare global {
  export type AppUser = import('./user').UserClass;
}

export {};
