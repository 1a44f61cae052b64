import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

// Anchor's props pinned to an <a> (the polymorphic type would hide them from createLink).
function AnchorElement(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor component="a" {...props} />;
}

/** Mantine's Anchor as a router link: its look, with the router's typed `to` and `search`. */
export const AnchorLink = createLink(AnchorElement);
