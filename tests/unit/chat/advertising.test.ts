// What the chat's advertising rules find (issue 18): ordinary match talk in both languages, full of scores,
// minutes, shirt numbers and years, always passes; advertising in both languages, in the disguises spammers use,
// is caught. The corpora are in ./fixtures, one message a line.
import fs from 'node:fs';
import path from 'node:path';
import { findAdvertising, linkHosts } from '@/lib/server/chat/advertising';

const checks = { allowedLinkHosts: [], contacts: true };

function corpus(name: string): string[] {
  return fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8').split('\n').filter((line) => line.trim() !== '');
}

describe.each(['en-US', 'zh-CN'])('the %s corpora', (locale) => {
  it('let 200 ordinary match messages through', () => {
    const talk = corpus(`match-talk.${locale}.txt`);
    expect(talk.length).toBeGreaterThanOrEqual(200);
    const refused = talk.map((text) => ({ text, finding: findAdvertising(text, checks) })).filter((entry) => entry.finding);
    expect(refused).toEqual([]);
  });

  it('catch 200 advertising messages', () => {
    const ads = corpus(`advertising.${locale}.txt`);
    expect(ads.length).toBeGreaterThanOrEqual(200);
    expect(ads.filter((text) => !findAdvertising(text, checks))).toEqual([]);
  });
});

describe('what each finding is', () => {
  it('reads phone numbers through spaces, full-width digits, Chinese and English number words', () => {
    for (const text of ['138 1234 5678', '１３８１２３４５６７８', '一三八一二三四五六七八', '幺三八 幺二三四 五六七八', 'call 0 7 9 1 1 1 2 3 4 5 6', '+44 seven seven zero zero nine zero zero one two three']) {
      expect(findAdvertising(text, checks)).toMatchObject({ kind: 'phone' });
    }
  });

  it('leaves scores, minutes, formations, dates and years alone', () => {
    for (const text of ['2-1 3-1 4-1 5-1', '4-2-3-1', '第44分钟', '90+3', 'kick-off 2026-06-14 20:45', '2014 2018 2022', '80,000 fans', 'fee €100000000', '二比一', '一九九八年']) {
      expect(findAdvertising(text, checks)).toBeUndefined();
    }
  });

  it('names messaging accounts and invitations, not the apps in passing', () => {
    expect(findAdvertising('wx：bifen888', checks)).toMatchObject({ kind: 'account' });
    expect(findAdvertising('QQ群：785412369', checks)).toMatchObject({ kind: 'account' });
    expect(findAdvertising('tg @bettingguru99', checks)).toMatchObject({ kind: 'account' });
    expect(findAdvertising('加我微信', checks)).toMatchObject({ kind: 'invitation' });
    expect(findAdvertising('Fabrizio said on twitter he signs', checks)).toBeUndefined();
    expect(findAdvertising('my whatsapp group is going mad', checks)).toBeUndefined();
    expect(findAdvertising('their DM is Rodri', checks)).toBeUndefined();
    expect(findAdvertising('他太自私我受不了', checks)).toBeUndefined();
  });

  it('finds links however they are written', () => {
    expect(linkHosts('see https://Evil.example/x and www.spam.io')).toEqual(['evil.example', 'spam.io']);
    expect(linkHosts('加我 abc。com 谢谢')).toEqual(['abc.com']);
    expect(linkHosts('网址 kanqiu点cc')).toEqual(['kanqiu.cc']);
    expect(linkHosts('stream4free(dot)xyz or footy dot live')).toEqual(['stream4free.xyz', 'footy.live']);
    expect(linkHosts('w w w . b e t 3 6 5 . c o m')).toEqual(['bet365.com']);
    expect(linkHosts('2:1 to the home side, 8点cc直播, Goal.To be fair')).toEqual([]);
  });
});
