import * as React from 'react';

type Props = { selected: string[]; onChange: (v: string[]) => void };

export function Pills({ selected, onChange }: Props) {
  onChange(selected);
  return <ul />;
}

export function Settings(props: Props) {
  const { onChange } = props;
  onChange([]);
  return null;
}

export const Toggle = ({ onChange = () => {} }: { onChange?: () => void }) => {
  const handlers = [1].map((n) => n);
  onChange();
  return handlers;
};
