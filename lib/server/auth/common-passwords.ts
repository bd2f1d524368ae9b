import 'server-only';
// The best-known weak passwords that still pass the letters-and-digits rule, from the public breach
// top lists (English and Chinese), refused when a password is set. Compared in lower case.

const listed = [
  // keyboard walks
  '1qaz2wsx', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', 'q1w2e3r4', 'q1w2e3r4t5', 'q1w2e3', 'zaq12wsx',
  'zaq1zaq1', '1qazxsw2', 'qazwsx123', 'qazwsx1', 'qaz123', 'qaz123456', 'wsx123456', 'zxc123', 'zxc123456',
  'zxcvbn123', 'zxcvbnm1', 'asd123', 'asd123456', 'asdf1234', 'asdfgh1', 'asdfgh123', 'asdasd123', 'qwe123',
  'qwe1234', 'qwe123456', 'qwe123qwe', 'qweasd123', 'qweasdzxc1', 'qwer1234', 'qwert123', 'qwertyuiop1',
  '1234qwer', '123qwe', '123qweasd', '123qweasdzxc', '1234asdf', '123asd', '123zxc', 'qw123456', 'as123456',
  'zx123456', 'qq123456', 'qq123123', 'qq5201314', 'qq111111', 'qq666666', 'q123456', 'q1234567', 'q12345678',
  'q123456789', 'w123456', 's123456', 'z123456', 'z123456789', 'x123456',
  // letters around a run of digits
  'a12345', 'a123456', 'a1234567', 'a12345678', 'a123456789', 'a1234567890', 'a123123', 'a123321', 'a111111',
  'a000000', 'a888888', 'a666666', 'a11111', 'a147258', 'a147258369', 'a5201314', 'a1314520', 'a520520',
  'aa123456', 'aa123123', 'aa112233', 'aa111111', 'aaa111', 'aaa123', 'aaa123456', 'abc123', 'abc1234',
  'abc12345', 'abc123456', 'abc123456789', 'abc123abc', 'abc666', 'abc888', 'abc520', 'abcd123', 'abcd1234',
  'abcd12345', 'abcde123', 'abcdef1', 'abcdef123', 'a1b2c3', 'a1b2c3d4', 'a1b2c3d4e5', '123abc', '1234abc',
  '1234abcd', '12345abc', '123456abc', '123456a', '12345a', '1234567a', '12345678a', '123456789a',
  '1234567890a', '123456aa', '123456as', '123456qwe', '123456q', '123456z', '111111a', '111111q', '000000a',
  '888888a', '666666a', '123123a', '123321a', '147258a', '147258369a', '5201314a', '520520a', '1314520a',
  '112233a', '11223344a', 'abc123!', 'a123456!',
  // words and names with digits
  'passw0rd', 'p@ssw0rd', 'p@ssword1', 'pa55word', 'pa55w0rd', 'trustno1', 'jordan23', 'iloveu1', 'ilove123',
  'michael1', 'jessica1', 'ashley1', 'daniel1', 'andrew1', 'joshua1', 'thomas1', 'robert1', 'matthew1',
  'jennifer1', 'hunter1', 'hunter2', 'hunter123', 'ranger1', 'buster1', 'tigger1', 'ginger1', 'pepper1',
  'cookie1', 'summer1', 'winter1', 'spring1', 'autumn1', 'orange1', 'banana1', 'cheese1', 'chocolate1',
  'secret1', 'secret123', 'freedom1', 'whatever1', 'computer1', 'internet1', 'samsung1', 'iphone123',
  'apple123', 'google123', 'facebook1', 'youtube1', 'chelsea1', 'arsenal1', 'liverpool1', 'liverpool123',
  'barcelona1', 'realmadrid1', 'juventus1', 'manutd1', 'messi10', 'ronaldo7', 'kobe24', 'kobe824', 'lebron23',
  'yankees1', 'lakers24', 'cowboys1', 'eagles1', 'steelers1', 'abcabc123', 'love123', 'lovely1', 'loveme1',
  'iloveyou!1', 'changeme1', 'changeme123', 'default1', 'guest123', 'temp123', 'temp1234', 'demo123', 'demo1234',
  'system1', 'server123', 'oracle123', 'mysql123', 'root1234', 'toor123', 'administrator1',
  // pinyin and Chinese-language favourites
  'woaini1314', 'woaini520', 'woaini521', 'woaini123', 'woaini1', 'aini1314', 'aini520', 'woshishui1',
  'wo123456', 'ww123456', 'zz123456', 'xx123456', 'wang123', 'zhang123', 'xiaoming1', 'xiaoming123',
  'xiaohong1', 'laopo520', 'laogong520', 'baobei520', 'baobei1314', 'woaiwojia1', 'zhongguo1', 'beijing2008',
  'beijing1', 'shanghai1', 'china123', 'china2008', 'zhangwei1', 'wangwei1', 'wangjing1', 'liuyang1',
];

// Each base word with the suffixes that top every breach list ("password1", "dragon123", "woaini520").
const words = [
  'password', 'passwd', 'pass', 'qwerty', 'admin', 'welcome', 'iloveyou', 'monkey', 'dragon', 'football',
  'baseball', 'basketball', 'soccer', 'letmein', 'master', 'hello', 'sunshine', 'princess', 'shadow', 'superman',
  'batman', 'starwars', 'pokemon', 'charlie', 'love', 'test', 'user', 'login', 'root', 'qq', 'wang', 'zhang',
  'li', 'liu', 'chen', 'yang', 'huang', 'zhao', 'zhou', 'sun', 'woaini', 'aini', 'baby', 'angel', 'killer',
];
const suffixes = ['1', '12', '123', '1234', '12345', '123456', '11', '111', '520', '1314', '2020', '2021', '2022', '2023', '2024', '2025', '2026'];

const commonPasswords = new Set<string>([...listed, ...words.flatMap((word) => suffixes.map((suffix) => word + suffix))]);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
