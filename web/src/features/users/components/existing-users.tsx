import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ManagedUser } from '@repo/types';
import { useMemo } from 'react';
import { InlineError } from '@/components/feedback/inline-error';
import { loadFailureMessage } from '@/lib/api/api-error';
import { useUsers } from '../api/get-users';
import { groupUsers, USER_GROUP_ORDER } from '../utils/group-users';
import { USERS_TEXT } from '../utils/messages';
import { UserRow } from './user-row';

export interface ExistingUsersProps {
  currentUserId: number;
  onEdit: (user: ManagedUser) => void;
}

/** 'Existing Users', grouped Administrators, Dubai Agents, Doha Agents, Super Agents (spec §2). */
export const ExistingUsers = ({ currentUserId, onEdit }: ExistingUsersProps) => {
  const { users, error, isLoading } = useUsers();
  const groups = useMemo(() => groupUsers(users), [users]);

  return (
    <Card.Root as="section" aria-labelledby="existing-users-heading">
      <Card.Body>
        <Stack gap="6">
          <Heading as="h3" size="md" id="existing-users-heading">
            {USERS_TEXT.existingHeading}
          </Heading>
          {isLoading ? (
            <Text color="fg.muted" role="status">
              {USERS_TEXT.loading}
            </Text>
          ) : error ? (
            <InlineError message={loadFailureMessage(error, USERS_TEXT.loadFailed)} />
          ) : (
            USER_GROUP_ORDER.map((group) => {
              const { title, empty } = USERS_TEXT.groups[group];
              const headingId = `users-group-${group}`;
              return (
                <Stack as="section" key={group} gap="3" aria-labelledby={headingId}>
                  <Heading as="h4" size="sm" id={headingId}>
                    {title}
                  </Heading>
                  {groups[group].length === 0 ? (
                    <Text color="fg.muted">{empty}</Text>
                  ) : (
                    <Stack as="ul" gap="2" listStyleType="none">
                      {groups[group].map((user) => (
                        <UserRow key={user.id} user={user} isCurrentUser={user.id === currentUserId} onEdit={onEdit} />
                      ))}
                    </Stack>
                  )}
                </Stack>
              );
            })
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
};
