// The session cookie's names, apart from the session code so that the page micro-cache can recognise a
// signed-in visitor without loading it. `__Host-` over HTTPS, the plain name over plain HTTP.
export const sessionCookieName = { secure: '__Host-sc_session', plain: 'sc_session' } as const;
