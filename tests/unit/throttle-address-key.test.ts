import { describe, expect, it } from "vitest";
import { throttleKeyOfAddress } from "~/server/security/client-ip.server";

describe("throttleKeyOfAddress", () => {
  it("keys every address of one IPv6 /64 alike, whatever the notation", () => {
    const keys = [
      "2001:db8:85a3:12::1",
      "2001:db8:85a3:12:aaaa:bbbb:cccc:dddd",
      "2001:0DB8:85a3:0012:0:0:0:7",
      "2001:db8:85a3:12:ffff::1.2.3.4",
    ].map(throttleKeyOfAddress);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:85a3:12::/64"]));
  });

  it("tells apart two /64s, and expands a :: that reaches into the first 64 bits", () => {
    expect(throttleKeyOfAddress("2001:db8:85a3:13::1")).toBe("2001:db8:85a3:13::/64");
    expect(throttleKeyOfAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(throttleKeyOfAddress("::1")).toBe("0:0:0:0::/64");
    expect(throttleKeyOfAddress("fe80::")).toBe("fe80:0:0:0::/64");
  });

  it("keeps IPv4 addresses whole, also when written as IPv6", () => {
    expect(throttleKeyOfAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(throttleKeyOfAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(throttleKeyOfAddress("unknown")).toBe("unknown");
  });
});
