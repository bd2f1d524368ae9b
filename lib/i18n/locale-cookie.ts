/** The cookie that carries a visitor's chosen language to the server (the browser also keeps it in localStorage). */
export const localeCookie = 'lang';
