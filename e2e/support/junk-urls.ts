/**
 * URLs that name nothing real, one of each dynamic route family a crawler could make up (or find
 * in a stale link): the junk-URL test and the crawl benchmark send them and check that each is a
 * 404 that stores nothing. `index` makes each one new to the server.
 */
export function junkUrls(index: number): string[] {
  return [
    `/agents/Z${index}`,
    `/agents/TX/nocity-${index}`,
    `/agents/ZZ/austin-${index}`,
    `/agents/TX/austin/page/${900 + index}`,
    `/agents/TX/austin/page/x${index}`,
    `/agents/TX/austin/bogus-${index}`,
    `/agents/TX/austin/single-family/page/${900 + index}`,
    `/agents/TX/austin/single-family/x${index}`,
    `/agent/TX/austin/${900_000 + index}`,
    `/agent/TX/austin/x${index}`,
    `/agent/TX/austin/${900_000 + index}/opengraph-image-zv6u9g/card`,
    `/agent/TX/austin/${900_000 + index}/twitter-image-zv6u9g/card`,
    `/laws/atlantis-${index}`,
    `/laws/compare/no-topic-${index}`,
    `/blog/no-post-${index}`,
    `/blog/no-post-${index}/opengraph-image-fx5gi7/card`,
    `/no-such-page-${index}`,
  ];
}

/** Share-image URLs of a real page with made-up segments (the image routes accept only their own). */
export function junkImageUrls(profilePath: string, blogPath: string, index: number): string[] {
  return [
    `${profilePath}/opengraph-image-zv6u9g/x${index}`,
    `${profilePath}/twitter-image-abc${index}/card`,
    `${profilePath}/opengraph-image-zv6u9g/card/x${index}`,
    `${blogPath}/opengraph-image-fx5gi7/y${index}`,
    `${blogPath}/twitter-image-fx5gi7/card/${index}`,
  ];
}
