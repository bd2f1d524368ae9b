// A stand-in for next/navigation: the path the test chooses and a router whose calls it can inspect.
export const router = { push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), forward: jest.fn(), prefetch: jest.fn() };
export const navigation = { pathname: '/home' };

export const nextNavigationMock = {
  useRouter: () => router,
  usePathname: () => navigation.pathname,
  useSearchParams: () => new URLSearchParams(),
};
